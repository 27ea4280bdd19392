/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scoped forms of linux-7.2's include/linux/uaccess.h, the same over
 * every architecture's begins and ends: included by uaccess.h (x86_64)
 * and uaccess_generic.h (the generic fallback) once they define them.
 */
#ifndef UACCESS_SCOPED_H
#define UACCESS_SCOPED_H

static __always_inline void __scoped_user_read_access_end(const void *p)
{
	user_read_access_end();
}
static __always_inline void __scoped_user_write_access_end(const void *p)
{
	user_write_access_end();
}
static __always_inline void __scoped_user_rw_access_end(const void *p)
{
	user_access_end();
}

#define __scoped_user_access_begin(mode, uptr, size, elbl)		\
({									\
	__typeof__(uptr) __retptr;					\
									\
	if (can_do_masked_user_access()) {				\
		__retptr = masked_user_##mode##_access_begin(uptr);	\
	} else {							\
		__retptr = uptr;					\
		if (!user_##mode##_access_begin(uptr, size))		\
			goto elbl;					\
	}								\
	__retptr;							\
})

#define __scoped_user_access(mode, uptr, size, elbl)			\
for (bool done = 0; !done; done = 1)					\
	for (__auto_type _tmpptr = __scoped_user_access_begin(mode, uptr, size, elbl); \
	     !done; done = 1)						\
		for (const __auto_type uptr				\
		     __cleanup(__scoped_user_##mode##_access_end) =	\
		     _tmpptr; !done; done = 1)

#define scoped_user_read_access_size(usrc, size, elbl)		\
	__scoped_user_access(read, usrc, size, elbl)
#define scoped_user_read_access(usrc, elbl)			\
	scoped_user_read_access_size(usrc, sizeof(*(usrc)), elbl)
#define scoped_user_write_access_size(udst, size, elbl)		\
	__scoped_user_access(write, udst, size, elbl)
#define scoped_user_write_access(udst, elbl)			\
	scoped_user_write_access_size(udst, sizeof(*(udst)), elbl)
#define scoped_user_rw_access_size(uptr, size, elbl)		\
	__scoped_user_access(rw, uptr, size, elbl)
#define scoped_user_rw_access(uptr, elbl)			\
	scoped_user_rw_access_size(uptr, sizeof(*(uptr)), elbl)

#endif
