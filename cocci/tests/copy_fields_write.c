/*
 * put_cmsg() in 5.10 (net/core/scm.c): the header is set member by member
 * on the stack, then copied out whole; 6.1 writes the members with
 * unsafe_put_user() in one region.
 */
struct cmsghdr {
	__kernel_size_t	cmsg_len;	/* data byte count, including hdr */
        int		cmsg_level;	/* originating protocol */
        int		cmsg_type;	/* protocol-specific type */
};

int put_cmsg(struct msghdr * msg, int level, int type, int len, void *data)
{
	int cmlen = CMSG_LEN(len);

	if (msg->msg_flags & MSG_CMSG_COMPAT)
		return put_cmsg_compat(msg, level, type, len, data);

	if (!msg->msg_control || msg->msg_controllen < sizeof(struct cmsghdr)) {
		msg->msg_flags |= MSG_CTRUNC;
		return 0; /* XXX: return error? check spec. */
	}
	if (msg->msg_controllen < cmlen) {
		msg->msg_flags |= MSG_CTRUNC;
		cmlen = msg->msg_controllen;
	}

	if (msg->msg_control_is_user) {
		struct cmsghdr __user *cm = msg->msg_control_user;
		struct cmsghdr cmhdr;

		cmhdr.cmsg_level = level;
		cmhdr.cmsg_type = type;
		cmhdr.cmsg_len = cmlen;
		if (copy_to_user(cm, &cmhdr, sizeof cmhdr) || /* expect: batch-copy-fields not auto-fixable */
		    copy_to_user(CMSG_USER_DATA(cm), data, cmlen - sizeof(*cm)))
			return -EFAULT;
	} else {
		struct cmsghdr *cm = msg->msg_control;

		cm->cmsg_level = level;
		cm->cmsg_type = type;
		cm->cmsg_len = cmlen;
		memcpy(CMSG_DATA(cm), data, cmlen - sizeof(*cm));
	}

	cmlen = min(CMSG_SPACE(len), msg->msg_controllen);
	msg->msg_control += cmlen;
	msg->msg_controllen -= cmlen;
	return 0;
}
