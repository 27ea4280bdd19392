/*
 * The heart of kvm_htab_read() in 6.12 (arch/powerpc/kvm/book3s_64_mmu_hv.c):
 * each iteration of a loop whose condition calls record_hpte() writes two
 * words out.  The loop cannot be one region, its calls must run with user
 * access off; the two writes of one iteration are a run.
 */
static ssize_t kvm_htab_read_valid(unsigned long flags, __be64 *hptp, unsigned long *hpte,
				   struct revmap_entry *revp, int first_pass,
				   unsigned long __user *lbuf, size_t count, unsigned long npte)
{
	unsigned long i = 0;
	size_t nb = 0;

	while (i < npte && nb + HPTE_SIZE < count &&
	       record_hpte(flags, hptp, hpte, revp, 1, first_pass)) {
		/* valid entry, write it out */
		if (__put_user(hpte[0], lbuf) || /* expect: batch-put-run */
		    __put_user(hpte[1], lbuf + 1))
			return -EFAULT;
		nb += HPTE_SIZE;
		lbuf += 2;
		++i;
		hptp += 2;
		++revp;
	}
	return nb;
}
