/*
 * fs/xfs/xfs_ioctl32.c, xfs_compat_growfs_data_copyin(): the pointer's
 * type is a typedef of a struct (packed, the attribute before the name),
 * whose definition gives the members: the run reads the last one, so the
 * region is sizeof(*arg32).
 */
struct xfs_growfs_data {
	unsigned long long newblocks;
	unsigned int imaxpct;
};

typedef struct compat_xfs_growfs_data {
	unsigned long long newblocks;	/* new data subvol size, fsblocks */
	unsigned int imaxpct;		/* new inode space percentage limit */
} __attribute__((packed)) compat_xfs_growfs_data_t;

static int
xfs_compat_growfs_data_copyin(
	struct xfs_growfs_data	 *in,
	compat_xfs_growfs_data_t __user *arg32)
{
	if (get_user(in->newblocks, &arg32->newblocks) || /* expect: batch-get-run */
	    get_user(in->imaxpct,   &arg32->imaxpct))
		return -EFAULT;
	return 0;
}
