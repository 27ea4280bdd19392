/* Regions a scoped block cannot replace as they stand, each said why. */
struct pair {
	int a;
	int b;
};

/* Ended in another function. */
int open_pair(struct pair __user *p)
{
	if (!user_write_access_begin(p, sizeof(*p))) /* expect: scoped-region not auto-fixable */
		return -EFAULT;
	return 0;
}

/* A break that would leave the block's own for loop. */
int put_until(struct pair __user *p, const int *v, int n)
{
	int i;

	while (n) {
		if (!user_write_access_begin(p, sizeof(*p))) /* expect: scoped-region not auto-fixable */
			return -EFAULT;
		unsafe_put_user(v[0], &p->a, Efault);
		if (v[0] < 0)
			break;
		unsafe_put_user(v[1], &p->b, Efault);
		user_write_access_end();
		n--;
	}
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

/* A write through a pointer the block would not mask. */
int put_both(struct pair __user *p, struct pair __user *q, int a)
{
	if (!user_write_access_begin(p, sizeof(*p))) /* expect: scoped-region not auto-fixable */
		return -EFAULT;
	unsafe_put_user(a, &p->a, Efault);
	unsafe_put_user(a, &q->b, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}

/* Its pointer is not a name the block can declare anew. */
int put_member(struct pair __user **pp, int a)
{
	if (!user_write_access_begin(*pp, sizeof(**pp))) /* expect: scoped-region not auto-fixable */
		return -EFAULT;
	unsafe_put_user(a, &(*pp)->a, Efault);
	user_write_access_end();
	return 0;
Efault:
	user_write_access_end();
	return -EFAULT;
}
