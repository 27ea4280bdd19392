/* A safe list over 1 MiB (made by the run script) is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-safe-list=@WORKDIR@/big.list" } */
/* { dg-plugin-fails "/big.list': larger than 1 MiB" } */
int x;
