// SPDX-License-Identifier: GPL-2.0-only
/// Test fixture: turn the batched do_sys_poll() of fs/select.c (5.11 and
/// later) back into the loop poll-2020.patch started from, one
/// __put_user() per descriptor.  The Efault path it leaves behind is
/// removed by the test.
//
// Confidence: High
// Options: --no-includes

@@
identifier out, Efault, j, walk, fds;
expression ufds, nfds, head;
@@
  do_sys_poll(...) {
  ...
- if (!user_write_access_begin(ufds, nfds * sizeof(*ufds)))
-	goto out;
  for (walk = head; walk; walk = walk->next) {
	struct pollfd *fds = walk->entries;
	...
-	for (j = walk->len; j; fds++, ufds++, j--)
-		unsafe_put_user(fds->revents, &ufds->revents, Efault);
+	for (j = 0; j < walk->len; j++, ufds++)
+		if (__put_user(fds[j].revents, &ufds->revents))
+			goto out;
  }
- user_write_access_end();
  ...
  }
