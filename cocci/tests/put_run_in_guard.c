/*
 * A run inside a scoped guard: a goto to a fault path at the end of the
 * function would leave the guard's scope, and run its unlock, with the
 * region open.  A scoped block ends the region first: rewritten in that
 * style only.
 */
struct stats {
	unsigned long dropped;
	unsigned long queued;
};

long get_stats(struct stats __user *sp, struct mutex *lock, unsigned long d,
	       unsigned long q)
{
	scoped_guard(mutex, lock) {
		if (put_user(d, &sp->dropped)) /* expect: batch-put-run not auto-fixable */
			return -EFAULT;
		if (put_user(q, &sp->queued))
			return -EFAULT;
	}
	return 0;
}
