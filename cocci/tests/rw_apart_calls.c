/*
 * move_addr_to_user() in 6.12 (net/socket.c): the length is read, the
 * address copied out, the length written back.  The value written is a
 * parameter that nothing between changes: one region serves both if the
 * write moves before the copy, as 7.2's scoped block does, which changes
 * what user space sees when the copy faults.  Not rewritten.
 */
static int move_addr_to_user(struct sockaddr_storage *kaddr, int klen,
			     void __user *uaddr, int __user *ulen)
{
	int err;
	int len;

	BUG_ON(klen > sizeof(struct sockaddr_storage));
	err = get_user(len, ulen); /* expect: batch-rw not auto-fixable */
	if (err)
		return err;
	if (len > klen)
		len = klen;
	if (len < 0)
		return -EINVAL;
	if (len) {
		if (audit_sockaddr(klen, kaddr))
			return -ENOMEM;
		if (copy_to_user(uaddr, kaddr, len))
			return -EFAULT;
	}
	/*
	 *      "fromlen shall refer to the value before truncation.."
	 *                      1003.1g
	 */
	return __put_user(klen, ulen);
}
