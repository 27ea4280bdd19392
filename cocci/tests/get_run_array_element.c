/*
 * The two reads go into element i of an array in the user object: no
 * rewrite may drop the index (Coccinelle's ptr_to_array isomorphism would
 * let &p->f match &p[i].f).
 */
struct iov32 {
	unsigned int base;
	unsigned int len;
};

struct ioc32 {
	struct iov32 sgl[4];
};

int get_sgl(struct ioc32 __user *cioc, unsigned int *base, unsigned int *len,
	    int i)
{
	if (get_user(*base, &cioc->sgl[i].base) || /* expect: batch-get-run not auto-fixable */
	    get_user(*len, &cioc->sgl[i].len))
		return -EFAULT;
	return 0;
}
