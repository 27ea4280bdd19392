/*
 * kernel/rseq.c (5.10), rseq_update_cpu_id(): two writes through
 * t->rseq, a user pointer that the task's struct holds.  Its struct is
 * found through the member's declaration, and the region covers the two
 * members written (6.1 batched them by hand, over the whole struct, the
 * pointer read once into a local).  Every access reads t->rseq again:
 * only where nothing between them stores through a pointer, and no read
 * goes into anything but a plain name (either could change it), is it
 * the pointer the region checked.
 */
struct rseq {
	__u32 cpu_id_start;
	__u32 cpu_id;
	__u64 rseq_cs;
	__u32 flags;
} __attribute__((aligned(4 * sizeof(__u64))));

struct task_struct {
	int prio;
#ifdef CONFIG_RSEQ
	struct rseq __user *rseq;
	u32 rseq_sig;
#endif
	unsigned long rseq_event_mask;
};

static int rseq_update_cpu_id(struct task_struct *t)
{
	u32 cpu_id = raw_smp_processor_id();

	if (put_user(cpu_id, &t->rseq->cpu_id_start)) /* expect: batch-put-run */
		return -EFAULT;
	if (put_user(cpu_id, &t->rseq->cpu_id))
		return -EFAULT;
	trace_rseq_update(t);
	return 0;
}

static int rseq_update_two(struct task_struct *t, struct task_struct *parent)
{
	u32 cpu_id = raw_smp_processor_id();

	if (put_user(cpu_id, &t->rseq->cpu_id_start)) /* expect: batch-put-run not auto-fixable */
		return -EFAULT;
	parent->rseq = NULL;
	if (put_user(cpu_id, &t->rseq->cpu_id))
		return -EFAULT;
	return 0;
}

/* A read into a member of the task could change t->rseq itself. */
static int rseq_read_two(struct task_struct *t)
{
	if (get_user(t->rseq_sig, &t->rseq->cpu_id_start)) /* expect: batch-get-run not auto-fixable */
		return -EFAULT;
	if (get_user(t->rseq_event_mask, &t->rseq->cpu_id))
		return -EFAULT;
	return 0;
}
