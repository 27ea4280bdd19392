/*
 * kernel/ptrace.c, ptrace_request(): access_ok() of the object, then two
 * unchecked reads of it.  The checking begin makes the access_ok() go.
 */
struct iovec {
	void __user *iov_base;
	unsigned long iov_len;
};

int get_iov(const struct iovec __user *uiov, struct iovec *kiov)
{
	if (!access_ok(uiov, sizeof(*uiov)))
		return -EFAULT;

	if (__get_user(kiov->iov_base, &uiov->iov_base) || /* expect: batch-get-run */
	    __get_user(kiov->iov_len, &uiov->iov_len))
		return -EFAULT;

	return 0;
}

/*
 * The same with the first two members of three: the old code checked
 * the whole object, and the region checks what it checked, sizeof(*p),
 * not offsetofend() of the last member read.
 */
struct iovec_tagged {
	void __user *iov_base;
	unsigned long iov_len;
	unsigned long iov_tag;
};

int get_iov_untagged(const struct iovec_tagged __user *uiov, struct iovec *kiov)
{
	if (!access_ok(uiov, sizeof(*uiov)))
		return -EFAULT;

	if (__get_user(kiov->iov_base, &uiov->iov_base) || /* expect: batch-get-run */
	    __get_user(kiov->iov_len, &uiov->iov_len))
		return -EFAULT;

	return 0;
}
