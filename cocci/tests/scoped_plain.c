/* A region that returns when its begin fails, and whose fault path ends
 * it first: kernel/exit.c's waitid(). */
struct info {
	int signo;
	int code;
};

int put_info(struct info __user *infop, int signo, int code)
{
	if (!user_write_access_begin(infop, sizeof(*infop))) /* expect: scoped-region */
		return -EFAULT;

	unsafe_put_user(signo, &infop->signo, Efault);
	unsafe_put_user(code, &infop->code, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}
