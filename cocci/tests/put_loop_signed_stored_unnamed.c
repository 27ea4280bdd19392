/*
 * As put_loop_signed_stored.c, with every store to a member named len
 * not negative, but each struct below is also set where its members are
 * not named: by position in a declaration, in a compound literal, in an
 * element of an array, or as a member of another struct.  What goes to
 * len there may be negative (the -1 below): no bound is known to be
 * compared unsigned, and no loop is rewritten.
 */
struct pollfd {
	int fd;
	short events;
	short revents;
};

struct poll_list_declared {
	struct poll_list_declared *next;
	int len;
	struct pollfd entries[];
};

static struct poll_list_declared declared_sentinel = { NULL, -1 };

struct poll_list_literal {
	struct poll_list_literal *next;
	int len;
	struct pollfd entries[];
};

struct poll_list_element {
	struct poll_list_element *next;
	int len;
	struct pollfd entries[];
};

static struct poll_list_element element_sentinels[2] = {
	[1] = { NULL, -1 },
};

struct poll_list_member {
	struct poll_list_member *next;
	int len;
};

struct poll_table_page {
	struct poll_list_member list;
	struct pollfd entries[8];
};

static struct poll_table_page member_sentinel = { { NULL, -1 } };

void poll_lists_init(struct poll_list_declared *a, struct poll_list_literal *b,
		     struct poll_list_element *c, struct poll_list_member *d,
		     unsigned int nfds)
{
	struct poll_list_literal *literal = &(struct poll_list_literal){ NULL, -1 };

	a->len = min_t(unsigned int, nfds, 8);
	b->len = min_t(unsigned int, nfds, 8);
	c->len = min_t(unsigned int, nfds, 8);
	d->len = min_t(unsigned int, nfds, 8);
	b->next = literal;
}

int poll_list_declared_copy_out(struct poll_list_declared *head, struct pollfd __user *ufds)
{
	struct poll_list_declared *walk;

	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		int j;

		for (j = 0; j < walk->len; j++, ufds++)
			if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop not auto-fixable */
				return -EFAULT;
	}
	return 0;
}

int poll_list_literal_copy_out(struct poll_list_literal *head, struct pollfd __user *ufds)
{
	struct poll_list_literal *walk;

	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		int j;

		for (j = 0; j < walk->len; j++, ufds++)
			if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop not auto-fixable */
				return -EFAULT;
	}
	return 0;
}

int poll_list_element_copy_out(struct poll_list_element *head, struct pollfd __user *ufds)
{
	struct poll_list_element *walk;

	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		int j;

		for (j = 0; j < walk->len; j++, ufds++)
			if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop not auto-fixable */
				return -EFAULT;
	}
	return 0;
}

int poll_list_member_copy_out(struct poll_list_member *walk, struct pollfd __user *ufds,
			      struct pollfd *fds)
{
	int j;

	for (j = 0; j < walk->len; j++, ufds++)
		if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop not auto-fixable */
			return -EFAULT;
	return 0;
}
