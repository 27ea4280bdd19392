/*
 * sound/core/control_compat.c, snd_ctl_elem_info_compat(): three writes
 * into members of a member of a union member.  The inner struct's order
 * says which ends last: the region ends there, offsetofend() of
 * value.integer.step.  Writes into two members of the union, which
 * overlap, have no such order: that run is not rewritten.
 */
struct snd_ctl_elem_info32 {
	int type;
	unsigned int access;
	unsigned int count;
	int owner;
	union {
		struct {
			int min;
			int max;
			int step;
		} integer;
		struct {
			unsigned int items;
			unsigned int item;
		} enumerated;
		unsigned char reserved[128];
	} value;
	unsigned char reserved[64];
};

struct info {
	int owner;
	struct {
		long min;
		long max;
		long step;
	} integer;
};

static int snd_ctl_elem_info_compat(struct info *data,
				    struct snd_ctl_elem_info32 __user *data32)
{
	if (put_user(data->integer.min, &data32->value.integer.min) || /* expect: batch-put-run */
	    put_user(data->integer.max, &data32->value.integer.max) ||
	    put_user(data->integer.step, &data32->value.integer.step))
		return -EFAULT;
	return 0;
}

static int snd_ctl_elem_both(struct info *data,
			     struct snd_ctl_elem_info32 __user *data32)
{
	if (put_user(data->owner, &data32->value.enumerated.item) || /* expect: batch-put-run not auto-fixable */
	    put_user(data->integer.max, &data32->value.integer.max))
		return -EFAULT;
	return 0;
}
