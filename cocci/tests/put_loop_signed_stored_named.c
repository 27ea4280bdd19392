/*
 * As put_loop_signed_stored_unnamed.c, but every initializer of the
 * struct names the members it sets, or sets by position only literals
 * that are not negative: the bound is never negative, and the loop is
 * rewritten.
 */
struct pollfd {
	int fd;
	short events;
	short revents;
};

struct poll_list {
	struct poll_list *next;
	int len;
	struct pollfd entries[];
};

static struct poll_list empty_list = { .next = NULL, .len = 0 };
static struct poll_list zeroed_list = { 0 };
static struct poll_list sentinels[2] = {
	[1] = { .len = 1, },
};

void poll_list_init(struct poll_list *walk, unsigned int nfds)
{
	struct poll_list *literal = &(struct poll_list){ .len = 2 };

	walk->len = min_t(unsigned int, nfds, 8);
	walk->next = literal;
}

int poll_list_copy_out(struct poll_list *head, struct pollfd __user *ufds)
{
	struct poll_list *walk;

	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		int j;

		for (j = 0; j < walk->len; j++, ufds++)
			if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop */
				return -EFAULT;
	}
	return 0;
}
