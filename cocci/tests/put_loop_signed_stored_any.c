/*
 * As put_loop_signed_stored.c, but one store of the file sets walk->len
 * from an int the caller passes, which may be negative: the bound is
 * not known to be compared unsigned, and the loop is not rewritten.
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

void poll_list_init(struct poll_list *walk, int len)
{
	walk->next = NULL;
	walk->len = len;
}

int poll_list_copy_out(struct poll_list *head, struct pollfd __user *ufds)
{
	struct poll_list *walk;

	for (walk = head; walk; walk = walk->next) {
		struct pollfd *fds = walk->entries;
		int j;

		for (j = 0; j < walk->len; j++, ufds++)
			if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop not auto-fixable */
				return -EFAULT;
	}
	return 0;
}
