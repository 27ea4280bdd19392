/* pointer-mismatch: an access the begin's pointer and size do not cover. */
#include "uaccess.h"

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

/* An access through a pointer the begin did not cover. */
int other_pointer(int __user *p, int __user *q, int v)
{
	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(v, q, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/* The same in a scope. */
int other_pointer_scoped(int __user *p, int __user *q, int v)
{
	scoped_user_write_access(p, efault) {
		unsafe_put_user(v, p, efault);
		unsafe_put_user(v, q, efault); /* { dg-warning "pointer-mismatch" } */
	}
	return 0;
efault:
	return -EFAULT;
}

struct ev {
	unsigned int events;
	unsigned long long data;
};

/* Past the object the begin covered, and elements of a covered array. */
int past_object(struct ev __user *uevent, int __user *arr, int n)
{
	int i;

	if (!user_write_access_begin(uevent, sizeof(*uevent)))
		return -EFAULT;
	unsafe_put_user(1, &uevent->events, efault);
	unsafe_put_user(2, &uevent->data, efault);
	unsafe_put_user(3, &uevent[1].events, efault); /* { dg-warning "pointer-mismatch" } */
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

/* A scoped region covers sizeof(*p). */
int flex_scoped(struct urb __user *userurb, int v)
{
	scoped_user_write_access(userurb, efault) {
		unsafe_put_user(v, &userurb->status, efault);
		unsafe_put_user(v, &userurb->iso_frame_desc[2].status, efault); /* { dg-warning "pointer-mismatch" } */
	}
	return 0;
efault:
	return -EFAULT;
}

/* The same in an inline helper, whose body sparse does not evaluate. */
static inline int flex_inline(struct urb __user *userurb, int n, int v)
{
	int i;

	if (!user_write_access_begin(userurb, sizeof(struct urb)))
		return -EFAULT;
	for (i = 0; i < n; i++)
		unsafe_put_user(v, &userurb->iso_frame_desc[i].status, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	scoped_user_write_access(userurb, efault_scoped)
		unsafe_put_user(v, &userurb->iso_frame_desc[1].length, efault_scoped); /* { dg-warning "pointer-mismatch" } */
	return 0;
efault:
	user_write_access_end();
efault_scoped:
	return -EFAULT;
}

int calls_inline(struct urb __user *userurb)
{
	return flex_inline(userurb, 2, 0);
}

/* Members named by macros, as siginfo's si_pid (waitid() of 6.12). */
struct kill_fields {
	int _pid;
	int _uid;
};
struct siginfo_like {
	int si_signo;
	int si_errno;
	union {
		int _pad[4];
		struct kill_fields _kill;
	} _sifields;
};
#define si_pid _sifields._kill._pid
#define si_uid _sifields._kill._uid

int member_macros(struct siginfo_like __user *infop, int v)
{
	if (!user_write_access_begin(infop, sizeof(infop->si_signo)))
		return -EFAULT;
	unsafe_put_user(v, &infop->si_signo, efault);
	unsafe_put_user(v, &infop->si_pid, efault); /* { dg-warning "pointer-mismatch" } */
	unsafe_put_user(v, &infop->si_uid, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * Through a pointer set to the begin's less an amount: before the region
 * (filldir64() before upstream 3c2659bd1db8).  Set once from the begin's
 * own pointer plus an amount, or more than once, it is not told.
 */
struct entry {
	long off;
	int len;
};

int before_region(struct entry __user *cur, int prev_len, int v)
{
	struct entry __user *prev;

	prev = (void __user *)cur - prev_len;
	if (!user_write_access_begin(cur, sizeof(*cur)))
		return -EFAULT;
	unsafe_put_user(v, &prev->off, efault); /* { dg-warning "pointer-mismatch" } */
	unsafe_put_user(v, &cur->len, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int after_or_moved(struct entry __user *cur, int len, int v)
{
	struct entry __user *next = (void __user *)cur + len;
	struct entry __user *prev = (void __user *)cur - len;

	if (v)
		prev = cur;
	if (!user_write_access_begin(cur, 2 * sizeof(*cur)))
		return -EFAULT;
	unsafe_put_user(v, &next->off, efault);
	unsafe_put_user(v, &prev->off, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * A region opened on a pointer that a struct holds, each access reading
 * it again (5.10's rseq_update_cpu_id() as uabatch rewrites it): no
 * finding.  The reads of the member are one pointer: a member past the
 * size given is outside; another pointer member of the struct is
 * another object, which the region's check did not cover.
 */
struct task {
	struct pair __user *pair;
	struct pair __user *other;
};

int member_pointer(struct task *t, int a)
{
	if (!user_write_access_begin(t->pair, sizeof(*t->pair)))
		return -EFAULT;
	unsafe_put_user(a, &t->pair->first, efault);
	unsafe_put_user(a, &t->pair->second, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int member_pointer_short(struct task *t, int a)
{
	if (!user_write_access_begin(t->pair, sizeof(t->pair->first)))
		return -EFAULT;
	unsafe_put_user(a, &t->pair->first, efault);
	unsafe_put_user(a, &t->pair->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int member_pointer_other(struct task *t, int a)
{
	if (!user_write_access_begin(t->pair, sizeof(*t->pair)))
		return -EFAULT;
	unsafe_put_user(a, &t->pair->second, efault);
	unsafe_put_user(a, &t->other->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * A local that is a copy of a parameter is that parameter: through a
 * copy of another one is another pointer, and a copy of the begin's own
 * lands where the begin's would.
 */
int copy_of_other(struct pair __user *p, struct pair __user *other, int a)
{
	struct pair __user *q = other;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->first, efault);
	unsafe_put_user(a, &q->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int copy_of_begun(struct pair __user *p, int a)
{
	struct pair __user *q = p;

	if (!user_write_access_begin(q, sizeof(q->first)))
		return -EFAULT;
	unsafe_put_user(a, &q->first, efault);
	unsafe_put_user(a, &p->second, efault); /* { dg-warning "pointer-mismatch" } */
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

int copy_of_same(struct pair __user *p, int a)
{
	struct pair __user *q = p;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &q->second, efault);
	user_write_access_end();
	return 0;
efault:
	user_write_access_end();
	return -EFAULT;
}

/*
 * net/socket.c's move_addr_to_user() (7.2): a scope on the 4 bytes of
 * *ulen, read and written back.  Where user access is masked, the masked
 * begin drops the size; the plugin reads it from the begin of the scope's
 * other branch.
 */
int move_len(int __user *ulen, int klen)
{
	int len;

	scoped_user_rw_access_size(ulen, 4, efault_end) {
		unsafe_get_user(len, ulen, efault_end);
		if (len > klen)
			len = klen;
		if (len >= 0)
			unsafe_put_user(klen, ulen, efault_end);
	}
	return len;
efault_end:
	return -EFAULT;
}

/* A scope given the size of the first member, the second written in it. */
int scoped_short(struct pair __user *p, int a)
{
	scoped_user_write_access_size(p, sizeof(p->first), efault) {
		unsafe_put_user(a, &p->first, efault);
		unsafe_put_user(a, &p->second, efault); /* { dg-warning "pointer-mismatch" } */
	}
	return 0;
efault:
	return -EFAULT;
}

/*
 * Where the region may be closed, the access is outside it, which is
 * said; what a region covers is asked where it is open on every path.
 */
int maybe_closed(struct pair __user *p, int __user *q, int a, int c)
{
	if (!user_write_access_begin(p, sizeof(p->first)))
		return -EFAULT;
	if (c)
		user_write_access_end();
	unsafe_put_user(a, &p->second, efault); /* { dg-warning "unsafe-outside-region" } */
	unsafe_put_user(a, q, efault); /* { dg-warning "unsafe-outside-region" } */
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return 0;
efault:
	user_write_access_end(); /* { dg-warning "unbalanced-region-end" } */
	return -EFAULT;
}
