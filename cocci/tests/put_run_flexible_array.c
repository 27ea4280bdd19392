/*
 * drivers/usb/core/devio.c, processcompl(): the status fields of the URB
 * are one run; the iso frame descriptors are elements of a flexible array
 * past sizeof(*userurb), written by a loop whose bound is signed.  Only
 * the run is rewritten, its region ending where its writes end
 * (offsetofend() of error_count: number_of_packets is not written); no
 * region may cover the descriptors with that size.
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
	int actual_length;
	int error_count;
	int number_of_packets;
	struct iso_desc iso_frame_desc[8];
};

int processcompl(struct kurb *urb, int status, struct uurb __user *userurb)
{
	int i;

	if (put_user(status, &userurb->status)) /* expect: batch-put-run */
		goto err_out;
	if (put_user(urb->actual_length, &userurb->actual_length))
		goto err_out;
	if (put_user(urb->error_count, &userurb->error_count))
		goto err_out;

	for (i = 0; i < urb->number_of_packets; i++) {
		if (put_user(urb->iso_frame_desc[i].actual_length, /* expect: batch-put-loop not auto-fixable */
			     &userurb->iso_frame_desc[i].actual_length))
			goto err_out;
		if (put_user(urb->iso_frame_desc[i].status,
			     &userurb->iso_frame_desc[i].status))
			goto err_out;
	}
	return 0;

err_out:
	return -EFAULT;
}
