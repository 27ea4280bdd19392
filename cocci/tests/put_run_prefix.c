/*
 * fs/xfs/xfs_ioctl.c, xfs_getbmap_format(): the user's records are
 * struct getbmapx or, for XFS_IOC_GETBMAP, the shorter struct getbmap,
 * its first five members.  The first run writes that prefix and no more:
 * its region ends at the end of bmv_entries, not at sizeof(*u), which
 * would check 16 bytes past the last struct getbmap of the user's
 * buffer.  The second run reaches the last member: sizeof(*u).
 */
struct kgetbmap {
	long long bmv_offset;
	long long bmv_block;
	long long bmv_length;
	int bmv_oflags;
};

struct getbmapx {
	long long bmv_offset;	/* file offset of segment in blocks */
	long long bmv_block;	/* starting block (64-bit daddr_t) */
	long long bmv_length;	/* length of segment, blocks */
	int bmv_count;		/* # of entries in array incl. 1st */
	int bmv_entries;	/* # of entries filled in (output) */
	int bmv_iflags;		/* input flags (1st structure) */
	int bmv_oflags;		/* output flags (after 1st structure) */
	int bmv_unused1;	/* future use */
	int bmv_unused2;	/* future use */
};

static bool
xfs_getbmap_format(
	struct kgetbmap		*p,
	struct getbmapx __user	*u,
	size_t			recsize)
{
	if (put_user(p->bmv_offset, &u->bmv_offset) || /* expect: batch-put-run */
	    put_user(p->bmv_block, &u->bmv_block) ||
	    put_user(p->bmv_length, &u->bmv_length) ||
	    put_user(0, &u->bmv_count) ||
	    put_user(0, &u->bmv_entries))
		return false;
	if (recsize < sizeof(struct getbmapx))
		return true;
	if (put_user(0, &u->bmv_iflags) || /* expect: batch-put-run */
	    put_user(p->bmv_oflags, &u->bmv_oflags) ||
	    put_user(0, &u->bmv_unused1) ||
	    put_user(0, &u->bmv_unused2))
		return false;
	return true;
}
