/* A directory as the safe list is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=@SRCDIR@" } */
/* { dg-plugin-fails "tests': not a regular file but a directory" } */
int x;
