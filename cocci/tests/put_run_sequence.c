/*
 * Faults gathered in err and returned right after the run: the fault
 * path returns what err held, | -EFAULT, as the old code did.
 */
struct frame {
	int a;
	int b;
	int c;
};

int put_frame(struct frame __user *f, int a, int b, int c, int err)
{
	err |= __put_user(a, &f->a); /* expect: batch-put-run */
	err |= __put_user(b, &f->b);
	err |= __put_user(c, &f->c);
	return err;
}
