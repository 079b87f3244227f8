//! Parameters of the server's own in a URL's query (`sslrootcert=`,
//! `cacert=`), taken out before the URL goes to the library that connects,
//! which would not read them as they are meant, or would refuse them.

use percent_encoding::percent_decode_str;

/// `url` without the parameters `names`, and their values (decoded), in the
/// order of `names`; the other parameters are kept as they were written.
pub(crate) fn take<const N: usize>(url: &str, names: [&str; N]) -> (String, [Option<String>; N]) {
    let mut values = [const { None }; N];
    let Some((base, query)) = url.split_once('?') else {
        return (url.to_owned(), values);
    };
    let mut kept = Vec::new();
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match names.iter().position(|wanted| *wanted == name) {
            Some(index) => {
                values[index] = Some(percent_decode_str(value).decode_utf8_lossy().into_owned());
            }
            None => kept.push(pair),
        }
    }
    let rest = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    (rest, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parameters_asked_for_are_taken_out_and_the_rest_kept_as_written() {
        let (rest, [mode, root]) = take(
            "postgres://mc:pw@db:5432/mice?application_name=x&sslmode=verify-full&\
             sslrootcert=%2Fetc%2Fca.pem&connect_timeout=5",
            ["sslmode", "sslrootcert"],
        );
        assert_eq!(
            rest,
            "postgres://mc:pw@db:5432/mice?application_name=x&connect_timeout=5"
        );
        assert_eq!(mode.as_deref(), Some("verify-full"));
        assert_eq!(root.as_deref(), Some("/etc/ca.pem"));
        let (rest, [ca]) = take("rediss://cache/0?cacert=ca.pem", ["cacert"]);
        assert_eq!(
            (rest.as_str(), ca.as_deref()),
            ("rediss://cache/0", Some("ca.pem"))
        );
        let (rest, [ca]) = take("redis://cache/0", ["cacert"]);
        assert_eq!((rest.as_str(), ca), ("redis://cache/0", None));
    }
}
