/*
 * fs/xfs/xfs_ioctl32.c, xfs_compat_ioc_fsbulkstat(): four reads of one
 * object with conversions between them that only compute; one region
 * takes them all, the conversions inside it.
 */
struct bulkreq32 {
	unsigned int lastip;
	int icount;
	unsigned int ubuffer;
	unsigned int ocount;
};

struct bulkreq {
	void __user *lastip;
	int icount;
	void __user *ubuffer;
	void __user *ocount;
};

int get_bulkreq(struct bulkreq32 __user *p32, struct bulkreq *bulkreq)
{
	unsigned int addr;

	if (get_user(addr, &p32->lastip)) /* expect: batch-get-run */
		return -EFAULT;
	bulkreq->lastip = compat_ptr(addr);
	if (get_user(bulkreq->icount, &p32->icount) ||
	    get_user(addr, &p32->ubuffer))
		return -EFAULT;
	bulkreq->ubuffer = compat_ptr(addr);
	if (get_user(addr, &p32->ocount))
		return -EFAULT;
	bulkreq->ocount = compat_ptr(addr);
	return 0;
}
