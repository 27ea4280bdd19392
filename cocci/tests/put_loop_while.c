/*
 * A list walk: no count is known before the loop, so no region can be
 * checked for it.  Nothing to report.
 */
struct node {
	struct node *next;
	int val;
};

int put_list(int __user *u, struct node *n)
{
	while (n) {
		if (put_user(n->val, u++))
			return -EFAULT;
		n = n->next;
	}
	return 0;
}
