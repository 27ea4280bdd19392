/*
 * raw_geticmpfilter() in 6.12 (net/ipv4/raw.c): the length is read,
 * tested, clamped and written back, with a way out between.  One region
 * can serve both, with a fault path at the way out: not rewritten.
 */
static int raw_geticmpfilter(struct sock *sk, char __user *optval, int __user *optlen)
{
	int len, ret = -EFAULT;

	if (get_user(len, optlen)) /* expect: batch-rw not auto-fixable */
		goto out;
	ret = -EINVAL;
	if (len < 0)
		goto out;
	if (len > sizeof(struct icmp_filter))
		len = sizeof(struct icmp_filter);
	ret = -EFAULT;
	if (put_user(len, optlen) ||
	    copy_to_user(optval, &raw_sk(sk)->filter, len))
		goto out;
	ret = 0;
out:	return ret;
}
