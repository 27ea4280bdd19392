/* pointer-mismatch: an access the begin's pointer and size do not cover. */
#include "uaccess_x86.h"

struct pair {
	int first;
	int second;
};

int beyond_size(struct pair __user *p, int a)
{
	if (!user_write_access_begin(p, sizeof(p->first)))
		return -EFAULT;
	unsafe_put_user(a, &p->first, efault);
	unsafe_put_user(a, &p->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int beyond_array(int __user *p, int a)
{
	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, p, efault);
	unsafe_put_user(a, p + 1, efault);
	unsafe_put_user(a, p + 2, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int covered(struct pair __user *p, int __user *q, long n)
{
	int v;

	if (!user_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_get_user(v, &p->second, efault);
	unsafe_put_user(v, &p->first, efault);
	user_access_end();
	/* A size known only at run time: nothing to say. */
	if (!user_read_access_begin(q, n))
		return -EFAULT;
	unsafe_get_user(v, q + 5, efault);
	user_read_access_end();
	return v;
efault:
	user_access_end();
	return -EFAULT;
}

/* A pointer that moves is not followed. */
int moving(int __user *p, int a)
{
	int i;

	if (!user_write_access_begin(p, 2 * sizeof(*p)))
		return -EFAULT;
	for (i = 0; i < 2; i++, p++)
		unsafe_put_user(a, p, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* usbdevfs_urb of devio.c: a flexible array member at the end */
struct iso_desc {
	unsigned int length;
	unsigned int actual_length;
	unsigned int status;
};
struct urb {
	int status;
	int number_of_packets;
	struct iso_desc iso_frame_desc[];
};
struct slots {
	int head;
	int slot[4];
	int tail;
};
struct old_flex {
	int n;
	int data[0];
};

/* devio.c processcompl() batched: the elements lie past sizeof(*userurb) */
int flex_elements(struct urb __user *userurb, int n, unsigned int v)
{
	int i;

	if (!user_write_access_begin(userurb, sizeof(*userurb)))
		return -EFAULT;
	unsafe_put_user(v, &userurb->status, efault);
	for (i = 0; i < n; i++)
		unsafe_put_user(v, &userurb->iso_frame_desc[i].actual_length, efault); /* { dg-warning "pointer-mismatch" } */
	unsafe_put_user(v, &userurb->iso_frame_desc[0].status, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* the same with the struct's size spelled, and an old 'data[0]' array */
int flex_struct_size(struct old_flex __user *p, int i, int v)
{
	if (!user_write_access_begin(p, sizeof(struct old_flex)))
		return -EFAULT;
	unsafe_put_user(v, &p->n, efault);
	unsafe_put_user(v, &p->data[i], efault); /* { dg-warning "pointer-mismatch" } */
	unsafe_put_user(v, p->data + 1, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a constant index at or past a fixed array's length; a variable one is fine */
int fixed_elements(struct slots __user *p, int i, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, &p->slot[3], efault);
	unsafe_put_user(v, &p->slot[i], efault);
	unsafe_put_user(v, p->slot + i, efault);
	unsafe_put_user(v, &p->slot[4], efault); /* { dg-warning "pointer-mismatch" } */
	unsafe_put_user(v, p->slot + 5, efault); /* { dg-warning "pointer-mismatch" } */
	unsafe_put_user(v, &p->tail, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* Nothing to say: the region covers the elements, by a size known at run time. */
int flex_covered(struct urb __user *userurb, int n, unsigned int v)
{
	int i;

	if (!user_write_access_begin(userurb, sizeof(*userurb) +
				     n * sizeof(userurb->iso_frame_desc[0])))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(v, &userurb->iso_frame_desc[i].status, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* A constant size past the struct: the elements it covers, and the next. */
int flex_counted(struct urb __user *userurb, unsigned int v)
{
	if (!user_write_access_begin(userurb, sizeof(*userurb) +
				     2 * sizeof(struct iso_desc)))
		return -EFAULT;
	unsafe_put_user(v, &userurb->iso_frame_desc[1].status, efault);
	unsafe_put_user(v, &userurb->iso_frame_desc[2].status, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}
