/*
 * net/core/pktgen.c, num_arg(): the loop reads digits up to maxlen and
 * stops at the first other character.  A region of maxlen elements is
 * checked for all of them, where the loop reads only up to the break:
 * with maxlen larger than the user's buffer (SIZE_MAX, say) the region
 * fails where the loop would not have.  Not rewritten.
 */
long num_arg(const char __user *user_buffer, size_t maxlen, unsigned long *num)
{
	size_t i;
	*num = 0;

	for (i = 0; i < maxlen; i++) {
		char c;

		if (get_user(c, &user_buffer[i])) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
		if ((c >= '0') && (c <= '9')) {
			*num *= 10;
			*num += c - '0';
		} else
			break;
	}
	return i;
}

/* A break of a switch inside the loop is the switch's: rewritten. */
int read_flags(const int __user *uarr, int *karr, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		int v;

		if (get_user(v, &uarr[i])) /* expect: batch-get-loop */
			return -EFAULT;
		switch (v) {
		case 0:
			karr[i] = 1;
			break;
		default:
			karr[i] = v;
			break;
		}
	}
	return 0;
}
