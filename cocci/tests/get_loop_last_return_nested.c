/*
 * drivers/staging/media/av7110/av7110_av.c, play_iframe(): the function
 * ends with an if/else whose both arms return; a fault path after the
 * last return would land in the else arm.  Not rewritten.
 */
int play_iframe(const unsigned char __user *buf, unsigned int len, int freeze)
{
	unsigned int i;
	int progressive = 0;

	for (i = 0; i < len; i++) {
		unsigned char c;

		if (get_user(c, buf + i)) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
		if (c == 0xb5)
			progressive = 1;
	}

	if (progressive)
		return freeze;
	else
		return 0;
}
