/* A safe list that never ends (it hung cc1) is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=/dev/zero" } */
/* { dg-plugin-fails "'safe-list': '/dev/zero': not a regular file but a character device" } */
int x;
