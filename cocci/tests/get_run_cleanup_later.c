/*
 * A __free() variable is declared after the run: a fault path at the end
 * of the function would jump into its scope past its initialisation.
 */
struct xfern32 {
	unsigned int bufs;
	unsigned int frames;
};

int xfern(struct xfern32 __user *data32, int ch)
{
	unsigned int buf, frames;

	if (get_user(buf, &data32->bufs) || /* expect: batch-get-run not auto-fixable */
	    get_user(frames, &data32->frames))
		return -EFAULT;

	void **bufs __free(kfree) = kmalloc_array(ch, sizeof(void *), GFP_KERNEL);
	if (!bufs)
		return -ENOMEM;
	return use(bufs, buf, frames);
}
