/* The do_sys_poll() shape before 5.11: the loop advances the pointer. */
struct pfd {
	int fd;
	short events;
	short revents;
};

int put_revents(struct pfd __user *ufds, struct pfd *fds, unsigned int n)
{
	unsigned int j;
	int err = -EFAULT;

	for (j = 0; j < n; j++, ufds++)
		if (__put_user(fds[j].revents, &ufds->revents)) /* expect: batch-put-loop */
			goto out;
	err = 0;
out:
	return err;
}
