/* A run after a function with no access whose comment has a line that
 * ends with ';': the excerpt uabatch gives Coccinelle must keep the
 * comment whole (it once cut it there, and the rest of the file was
 * comment up to the next one's end: the run was not reported, nor said
 * unparsed). */
struct pair {
	int a;
	int b;
};

/*
 * Returns zero if the caller should go on;
 * else the error.
 */
static int helper(int x)
{
	return x;
}

int put_pair(struct pair __user *up, int a, int b)
{
	/* Both members, or neither. */
	if (__put_user(a, &up->a) || __put_user(b, &up->b)) /* expect: batch-put-run */
		return -EFAULT;
	return helper(0);
}
