/*
 * drivers/usb/core/devio.c, processcompl() as the kernel has it: the
 * index is unsigned, so "i < urb->number_of_packets" compares unsigned
 * although the bound is an int member (read from struct urb), and a
 * region of that many elements fails only where the loop would have
 * faulted.  The kernel's iso_frame_desc[] is a flexible array member
 * with no __counted_by(): UBSAN_BOUNDS does not check its index, so the
 * loop is rewritten; in scoped style over userurb itself, the block's
 * pointer being a name, with struct_size().  A flexible array that
 * __counted_by() bounds is checked, and its loop is not rewritten.
 */
struct iso_desc {
	unsigned int length;
	unsigned int actual_length;
	unsigned int status;
};

struct uurb {
	int status;
	int actual_length;
	int error_count;
	int number_of_packets;
	struct iso_desc iso_frame_desc[];
};

struct kurb {
	struct usb_host_endpoint *ep;
	int actual_length;
	int error_count;
	int number_of_packets;	/* signed, as in struct urb */
	struct iso_desc iso_frame_desc[];
};

struct counted_kurb {
	int number_of_packets;
	struct iso_desc iso_frame_desc[] __counted_by(number_of_packets);
};

int processcompl(struct kurb *urb, int status, struct uurb __user *userurb)
{
	unsigned int i;

	if (put_user(status, &userurb->status)) /* expect: batch-put-run */
		goto err_out;
	if (put_user(urb->actual_length, &userurb->actual_length))
		goto err_out;
	if (put_user(urb->error_count, &userurb->error_count))
		goto err_out;

	if (usb_endpoint_xfer_isoc(&urb->ep->desc)) {
		for (i = 0; i < urb->number_of_packets; i++) {
			if (put_user(urb->iso_frame_desc[i].actual_length, /* expect: batch-put-loop */
				     &userurb->iso_frame_desc[i].actual_length))
				goto err_out;
			if (put_user(urb->iso_frame_desc[i].status,
				     &userurb->iso_frame_desc[i].status))
				goto err_out;
		}
	}
	return 0;

err_out:
	return -EFAULT;
}

int counted(struct counted_kurb *urb, struct uurb __user *userurb)
{
	unsigned int i;

	for (i = 0; i < urb->number_of_packets; i++)
		if (put_user(urb->iso_frame_desc[i].status, /* expect: batch-put-loop not auto-fixable */
			     &userurb->iso_frame_desc[i].status))
			return -EFAULT;
	return 0;
}
