/* One statement an access, the same way out each time (compat ioctls). */
struct stat32 {
	int dev;
	int ino;
	int mode;
};

int put_stat32(struct stat32 __user *ubuf, int dev, int ino, int mode)
{
	if (put_user(dev, &ubuf->dev)) /* expect: batch-put-run */
		return -EFAULT;
	if (__put_user(ino, &ubuf->ino))
		return -EFAULT;
	if (__put_user(mode, &ubuf->mode))
		return -EFAULT;
	return 0;
}
