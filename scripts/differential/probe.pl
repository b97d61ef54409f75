# Differential probe: Perl URI::Escape uri_escape (on decoded text) / uri_unescape (octets).
# Reads "FUNC\tHEX" lines, writes "OK HEX" or "ERR x" per line.
use strict;
use warnings;
use URI::Escape qw(uri_escape uri_unescape);
binmode STDIN;
binmode STDOUT;
while (my $line = <STDIN>) {
    chomp $line;
    my ($func, $hex) = split /\t/, $line, 2;
    my $bytes = pack('H*', $hex);
    my $r = eval {
        if ($func eq 'uri_escape') {
            my $text = $bytes;
            utf8::decode($text) or die "not UTF-8\n";
            uri_escape($text);
        } else {
            uri_unescape($bytes);
        }
    };
    if (defined $r) {
        utf8::encode($r) if utf8::is_utf8($r);
        print 'OK ', unpack('H*', $r), "\n";
    } else {
        print "ERR die\n";
    }
}
