/*
 * The fault path returns a variable: the fix would move its evaluation to
 * the end of the function, so it is only reported.
 */
struct pair {
	int a;
	int b;
};

int put_pair(struct pair __user *up, int a, int b, int err)
{
	if (__put_user(a, &up->a) || __put_user(b, &up->b)) /* expect: batch-put-run not auto-fixable */
		return err;
	return 0;
}
