/* A region whose begin returns a value no label returns: the block goes
 * to a label put after the last return (powerpc's checksum wrappers). */
unsigned int copy_sum(const void __user *src, void *dst, int len)
{
	unsigned int sum;

	if (unlikely(!user_read_access_begin(src, len))) /* expect: scoped-region */
		return 0;

	sum = sum_copy((void __force *)src, dst, len);

	user_read_access_end();
	return sum;
}
