/*
 * Walks that one region of end - p bytes would not cover: a pointer to
 * words (end - p counts words), a walk down, a stride that may be
 * anything, an address past the walked pointer, and err read after
 * the loop.
 */
int walk_words(const u32 __user *p, const u32 __user *end, u32 *sum)
{
	u32 v;

	for (; p < end; p++) {
		if (__get_user(v, p)) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
		*sum += v;
	}
	return 0;
}

int walk_stride(const char __user *p, const char __user *end, long stride)
{
	char c;

	for (; p < end; p += stride)
		if (__get_user(c, p)) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

int walk_past(const char __user *p, const char __user *end)
{
	char c;

	for (; p < end; p += PAGE_SIZE)
		if (__get_user(c, p + 1)) /* expect: batch-get-loop not auto-fixable */
			return -EFAULT;
	return 0;
}

int walk_err_after(const char __user *p, const char __user *end)
{
	char c;
	int err = 0;

	for (; p < end; p += PAGE_SIZE) {
		err = __get_user(c, p); /* expect: batch-get-loop not auto-fixable */
		if (err)
			goto out;
	}
out:
	return err;
}
