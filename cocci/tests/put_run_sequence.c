/* A run of statements: found, not rewritten yet. */
struct frame {
	int a;
	int b;
	int c;
};

int put_frame(struct frame __user *f, int a, int b, int c)
{
	int err = 0;

	err |= __put_user(a, &f->a); /* expect: batch-put-run not auto-fixable */
	err |= __put_user(b, &f->b);
	err |= __put_user(c, &f->c);
	return err;
}
