/* A format the plugin does not know is refused. */
/* { dg-options "-fplugin-arg-uaccess_plugin-format=xml" } */
/* { dg-plugin-fails "'format': unknown format 'xml' (text or json)" } */
int x;
