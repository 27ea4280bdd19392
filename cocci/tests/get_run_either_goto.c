/* Two reads of one object under one condition, from a compat ioctl. */
struct range32 {
	unsigned int start;
	unsigned int len;
};

int get_range(struct range32 __user *ur, unsigned long *start,
	      unsigned long *len)
{
	unsigned int s, l;

	if (get_user(s, &ur->start) || get_user(l, &ur->len)) /* expect: batch-get-run */
		goto fault;
	*start = s;
	*len = l;
	return 0;
fault:
	return -EFAULT;
}
