//! [`messages!`]: an enum of message keys with typed arguments.

/// Declares an enum of reasons: each variant is one message, with its
/// catalogue key after `=` and its arguments as fields (each a
/// [`crate::ToArg`]), named as the templates name them.
///
/// The enum gets [`crate::Localized`]; `KEYS`, every key it uses, for the
/// test that each is in the catalogues; and `ARGUMENTS`, each key with its
/// arguments' names, for the test that the templates of every language
/// name only arguments the message has.
///
/// ```
/// arbiter_messages::messages! {
///     /// Why a door stays shut.
///     #[derive(Clone, Debug, PartialEq, Eq)]
///     pub enum Door {
///         /// Locked.
///         Locked = "example-locked",
///         /// Locked, and the key is elsewhere.
///         KeyIn {
///             /// Where the key is.
///             room: String,
///         } = "example-key-in",
///     }
/// }
/// use arbiter_messages::{Catalogue, Localized};
/// let english = Catalogue::parse("en", r#"{"example-key-in": "the key is in the {room}"}"#)?;
/// assert_eq!(english.render(&Door::KeyIn { room: "hall".into() }), "the key is in the hall");
/// assert_eq!(Door::KEYS, ["example-locked", "example-key-in"]);
/// assert_eq!(Door::ARGUMENTS[1], ("example-key-in", &["room"][..]));
/// # Ok::<(), arbiter_messages::CatalogueError>(())
/// ```
#[macro_export]
macro_rules! messages {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $(
                $(#[$vmeta:meta])*
                $variant:ident $({
                    $( $(#[$fmeta:meta])* $field:ident : $ty:ty ),* $(,)?
                })? = $key:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $(
                $(#[$vmeta])*
                $variant $({ $( $(#[$fmeta])* $field: $ty ),* })?,
            )*
        }

        impl $name {
            /// Every catalogue key of this enum, in declaration order.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            /// Every key with the names of its arguments, as its templates
            /// name them.
            pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] = &[
                $( ($key, &[$($(stringify!($field)),*)?]) ),*
            ];
        }

        impl $crate::Localized for $name {
            fn key(&self) -> &str {
                match self {
                    $( $name::$variant { .. } => $key, )*
                }
            }

            #[allow(unused_variables)]
            fn args(&self) -> ::std::vec::Vec<(&'static str, $crate::Arg<'_>)> {
                match self {
                    $(
                        $name::$variant $({ $($field),* })? => ::std::vec![
                            $($( (stringify!($field), $crate::ToArg::to_arg($field)) ),*)?
                        ],
                    )*
                }
            }
        }
    };
}
