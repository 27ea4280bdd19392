/* A region over a size of its own whose fault path ends it and falls
 * into the label its begin goes to: the two labels become one
 * (net/core/scm.c's put_cmsg()). */
struct msg {
	int len;
	int type;
	char data[];
};

int put_msg(struct msg __user *cm, int len, int type, const void *data)
{
	int err = 0;

	if (!user_write_access_begin(cm, len)) /* expect: scoped-region */
		goto efault;

	unsafe_put_user(len, &cm->len, efault_end);
	unsafe_put_user(type, &cm->type, efault_end);
	unsafe_copy_to_user(cm->data, data, len - sizeof(*cm), efault_end);
	user_write_access_end();
	return err;
efault_end:
	user_write_access_end();
efault:
	return -EFAULT;
}
