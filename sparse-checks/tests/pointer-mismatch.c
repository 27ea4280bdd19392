#include "uaccess.h"

struct ev { unsigned int events; unsigned long long data; };

/* an access through a pointer the begin did not cover */
static int other_pointer(int __user *p, int __user *q, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, q, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* past the size the begin covered */
static int beyond(struct ev __user *uevent, unsigned int v)
{
	if (!user_write_access_begin(uevent, sizeof(*uevent)))
		return -EFAULT;
	unsafe_put_user(v, &uevent->events, efault);
	unsafe_put_user(v, &uevent[1].events, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* fields and elements of the covered object */
static int covered(struct ev __user *uevent, int __user *arr, int n)
{
	int i;

	if (!user_write_access_begin(uevent, sizeof(*uevent)))
		return -EFAULT;
	unsafe_put_user(1, &uevent->events, efault);
	unsafe_put_user(2, &uevent->data, efault);
	user_write_access_end();
	if (!user_write_access_begin(arr, n * sizeof(*arr)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(i, &arr[i], efault);
	unsafe_put_user(0, arr + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* usbdevfs_urb of devio.c: a flexible array member at the end */
struct iso_desc { unsigned int length, actual_length, status; };
struct urb {
	int status;
	int number_of_packets;
	struct iso_desc iso_frame_desc[];
};
struct slots { int head; int slot[4]; int tail; };
struct old_flex { int n; int data[0]; };

/* devio.c processcompl() batched: the elements lie past sizeof(*userurb) */
static int flex_elements(struct urb __user *userurb, int n, int v)
{
	int i;

	if (!user_write_access_begin(userurb, sizeof(*userurb)))
		return -EFAULT;
	unsafe_put_user(v, &userurb->status, efault);
	for (i = 0; i < n; i++)
		unsafe_put_user(v, &userurb->iso_frame_desc[i].actual_length, efault);
	unsafe_put_user(v, &userurb->iso_frame_desc[0].status, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* the same with the struct's size spelled, and an old 'data[0]' array */
static int flex_struct_size(struct old_flex __user *p, int i, int v)
{
	if (!user_write_access_begin(p, sizeof(struct old_flex)))
		return -EFAULT;
	unsafe_put_user(v, &p->n, efault);
	unsafe_put_user(v, &p->data[i], efault);
	unsafe_put_user(v, p->data + 1, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* a scoped region covers sizeof(*p) */
static int flex_scoped(struct urb __user *userurb, int v)
{
	scoped_user_write_access(userurb, efault) {
		unsafe_put_user(v, &userurb->status, efault);
		unsafe_put_user(v, &userurb->iso_frame_desc[2].status, efault);
	}
	return 0;
efault:
	return -EFAULT;
}

/* a constant index at or past a fixed array's length; a variable one is fine */
static int fixed_elements(struct slots __user *p, int i, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, &p->slot[3], efault);
	unsafe_put_user(v, &p->slot[i], efault);
	unsafe_put_user(v, p->slot + i, efault);
	unsafe_put_user(v, &p->slot[4], efault);
	unsafe_put_user(v, p->slot + 5, efault);
	unsafe_put_user(v, &p->tail, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* nothing to say: the region covers the elements, by a size known at run time */
static int flex_covered(struct urb __user *userurb, int n, int v)
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

/* a constant size past the struct: the elements it covers, and the next */
static int flex_counted(struct urb __user *userurb, int v)
{
	if (!user_write_access_begin(userurb, sizeof(*userurb) +
				     2 * sizeof(struct iso_desc)))
		return -EFAULT;
	unsafe_put_user(v, &userurb->iso_frame_desc[1].status, efault);
	unsafe_put_user(v, &userurb->iso_frame_desc[2].status, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* the same in an inline helper, whose body sparse does not evaluate */
static inline int flex_inline(struct urb __user *userurb, int n, int v)
{
	int i;

	if (!user_write_access_begin(userurb, sizeof(struct urb)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(v, &userurb->iso_frame_desc[i].status, efault);
	user_write_access_end();
	scoped_user_write_access(userurb, efault_scoped)
		unsafe_put_user(v, &userurb->iso_frame_desc[1].length, efault_scoped);
	return 0;
efault:
	user_write_access_end();
efault_scoped:
	return -EFAULT;
}

static int calls_inline(struct urb __user *userurb)
{
	return flex_inline(userurb, 2, 0);
}

/*
 * check-name: pointer-mismatch
 * check-command: sparse-uaccess --uaccess-only $file
 *
 * check-error-start
 * pointer-mismatch.c:10:9: warning: unsafe_put_user() through 'q', but the region opened by user_write_access_begin() covers 'p' [uaccess:pointer-mismatch]
 * pointer-mismatch.c:24:9: warning: unsafe_put_user() at '&uevent[1].events', past the sizeof(*uevent) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:73:17: warning: unsafe_put_user() at an element of the flexible array member 'iso_frame_desc', past the sizeof(*userurb) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:74:9: warning: unsafe_put_user() at an element of the flexible array member 'iso_frame_desc', past the sizeof(*userurb) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:88:9: warning: unsafe_put_user() at an element of the flexible array member 'data', past the sizeof(*p) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:89:9: warning: unsafe_put_user() at an element of the flexible array member 'data', past the sizeof(*p) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:102:17: warning: unsafe_put_user() at an element of the flexible array member 'iso_frame_desc', past the sizeof(*userurb) bytes that scoped_user_write_access() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:117:9: warning: unsafe_put_user() at element 4 of the array member 'slot', past its 4 elements [uaccess:pointer-mismatch]
 * pointer-mismatch.c:118:9: warning: unsafe_put_user() at element 5 of the array member 'slot', past its 4 elements [uaccess:pointer-mismatch]
 * pointer-mismatch.c:151:9: warning: unsafe_put_user() at '&userurb->iso_frame_desc[2].status', past the sizeof(*userurb)+2*sizeof(struct iso_desc) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:167:17: warning: unsafe_put_user() at an element of the flexible array member 'iso_frame_desc', past the sizeof(*userurb) bytes that user_write_access_begin() opened [uaccess:pointer-mismatch]
 * pointer-mismatch.c:170:17: warning: unsafe_put_user() at an element of the flexible array member 'iso_frame_desc', past the sizeof(*userurb) bytes that scoped_user_write_access() opened [uaccess:pointer-mismatch]
 * check-error-end
 */
