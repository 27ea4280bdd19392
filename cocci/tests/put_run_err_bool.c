/*
 * Faults gathered in a bool: 'err |= -EFAULT' would make it 1, which
 * is not what the old code returned.  Not rewritten.
 */
struct frame {
	int a;
	int b;
};

static bool put_frame(struct frame __user *f, int a, int b)
{
	bool err = false;

	err |= __put_user(a, /* expect: batch-put-run not auto-fixable */ &f->a);
	err |= __put_user(b, &f->b);
	return err;
}
