/* The epoll_put_uevent() shape: two writes to one object, one condition. */
struct ev {
	unsigned int events;
	unsigned long long data;
};

static inline struct ev __user *put_ev(unsigned int events,
				       unsigned long long data,
				       struct ev __user *uev)
{
	if (__put_user(events, &uev->events) || /* expect: batch-put-run */
	    put_user(data, &uev->data))
		return NULL;

	return uev + 1;
}
