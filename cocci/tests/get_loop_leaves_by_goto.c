/*
 * net/core/pktgen.c, count_trail_chars(): the loop leaves by a goto past
 * where the region would end, which would leave it open.  Found, not
 * rewritten.
 */
long count_trail_chars(const char __user *user_buffer, size_t maxlen)
{
	size_t i;

	for (i = 0; i < maxlen; i++) {
		char c;

		if (get_user(c, &user_buffer[i])) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
		switch (c) {
		case '\n':
		case ' ':
			break;
		default:
			goto done;
		}
	}
done:
	return i;
}
