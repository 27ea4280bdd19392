/* A do-while loop over a user string: found; its trip count is not
 * known before the loop, so no region size: not rewritten.
 */
int user_strlen(const char __user *s, int max)
{
	int n = 0;
	char c;

	do {
		if (get_user(c, s + n)) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
		n++;
	} while (c && n < max);
	return n;
}
