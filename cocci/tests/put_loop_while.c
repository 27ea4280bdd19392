/* A while loop: found, not rewritten (no known trip count). */
struct node {
	struct node *next;
	int val;
};

int put_list(int __user *u, struct node *n)
{
	while (n) {
		if (put_user(n->val, u++)) /* expect: batch-put-loop not auto-fixable */
			return -EFAULT;
		n = n->next;
	}
	return 0;
}
