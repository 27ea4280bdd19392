/* A safe list that does not exist is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=@SRCDIR@/no-such.list" } */
/* { dg-plugin-fails "/no-such.list': No such file or directory" } */
int x;
