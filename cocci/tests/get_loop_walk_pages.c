/*
 * i915's check_relocations() (7.2, drivers/gpu/drm/i915/gem/
 * i915_gem_execbuffer.c) and the selftest's prefault_range(): a walk by
 * a page up to an end address, reading a byte of each page.  The region
 * is end - addr bytes where the loop runs at all.
 */
struct drm_i915_gem_exec_object2 {
	unsigned long relocs_ptr;
	unsigned int relocation_count;
};

static int check_relocations(const struct drm_i915_gem_exec_object2 *entry)
{
	const char __user *addr, *end;
	unsigned long size;
	char __maybe_unused c;

	size = entry->relocation_count;
	if (size == 0)
		return 0;

	if (size > N_RELOC(INT_MAX))
		return -EINVAL;

	addr = u64_to_user_ptr(entry->relocs_ptr);
	size *= sizeof(struct drm_i915_gem_relocation_entry);
	if (!access_ok(addr, size))
		return -EFAULT;

	end = addr + size;
	for (; addr < end; addr += PAGE_SIZE) {
		int err = __get_user(c, addr); /* expect: batch-get-loop */
		if (err)
			return err;
	}
	return __get_user(c, end - 1);
}

static int prefault_range(u64 start, u64 len)
{
	const char __user *addr, *end;
	char __maybe_unused c;
	int err;

	addr = u64_to_user_ptr(start);
	end = addr + len;

	for (; addr < end; addr += PAGE_SIZE) {
		err = __get_user(c, addr); /* expect: batch-get-loop */
		if (err)
			return err;
	}

	return __get_user(c, end - 1);
}
