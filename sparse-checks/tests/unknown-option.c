/*
 * An --uaccess-* option the checker does not know is refused, with the
 * option named, before any file is read: a misspelt --uaccess-werror
 * must not leave a run that seems to check what it does not.
 */
int x;

/*
 * check-name: unknown-option
 * check-command: sparse-uaccess --uaccess-werrror $file; echo "exit status $?"
 *
 * check-error-start
 * unknown option '--uaccess-werrror'
 * exit status 1
 * check-error-end
 */
