/* A region that opens on one pointer and also writes through another
 * just above it: the block sets the second from its own, masked pointer
 * (fs/readdir.c's filldir()). */
struct entry {
	long off;
	int ino;
	int len;
};

int put_entry(struct entry __user *dirent, int prev_len, int len, int ino, long off)
{
	struct entry __user *prev;

	prev = (void __user *)dirent - prev_len;
	if (!user_write_access_begin(prev, len + prev_len)) /* expect: scoped-region */
		goto efault;
	unsafe_put_user(off, &prev->off, efault_end);
	unsafe_put_user(ino, &dirent->ino, efault_end);
	unsafe_put_user(len, &dirent->len, efault_end);
	user_write_access_end();
	return 0;
efault_end:
	user_write_access_end();
efault:
	return -EFAULT;
}
