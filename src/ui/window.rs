//! The main window, built from its template `resources/ui/window.ui`: a header bar (counters,
//! clock, hint and pencil buttons, the primary menu), the board and the message line, and the
//! Scripting Lab's panel beside them. What it does lives in the controller (`controller.rs`).

use adw::subclass::prelude::*;
use gtk::{gio, glib};

mod imp {
    use super::*;

    #[derive(Debug, Default, gtk::CompositeTemplate)]
    #[template(resource = "/io/github/nonet/Nonet/ui/window.ui")]
    pub struct Window {
        #[template_child]
        pub toasts: TemplateChild<adw::ToastOverlay>,
        #[template_child]
        pub title: TemplateChild<adw::WindowTitle>,
        #[template_child]
        pub mistakes: TemplateChild<gtk::Label>,
        #[template_child]
        pub hints: TemplateChild<gtk::Label>,
        #[template_child]
        pub split: TemplateChild<gtk::Paned>,
        #[template_child]
        pub board: TemplateChild<gtk::DrawingArea>,
        #[template_child]
        pub message: TemplateChild<gtk::Label>,
        #[template_child]
        pub pause_page: TemplateChild<adw::StatusPage>,
        #[template_child]
        pub digit_pad: TemplateChild<gtk::Box>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for Window {
        const NAME: &'static str = "NonetWindow";
        type Type = super::Window;
        type ParentType = adw::ApplicationWindow;

        fn class_init(klass: &mut Self::Class) {
            klass.bind_template();
        }

        fn instance_init(obj: &glib::subclass::InitializingObject<Self>) {
            obj.init_template();
        }
    }

    impl ObjectImpl for Window {}
    impl WidgetImpl for Window {}
    impl WindowImpl for Window {}
    impl ApplicationWindowImpl for Window {}
    impl AdwApplicationWindowImpl for Window {}
}

glib::wrapper! {
    pub struct Window(ObjectSubclass<imp::Window>)
        @extends adw::ApplicationWindow, gtk::ApplicationWindow, gtk::Window, gtk::Widget,
        @implements gio::ActionGroup, gio::ActionMap, gtk::Buildable,
            gtk::ConstraintTarget, gtk::Native, gtk::Root, gtk::ShortcutManager;
}

impl Window {
    pub fn new(app: &adw::Application) -> Window {
        glib::Object::builder().property("application", app).build()
    }

    /// The widgets the controller drives.
    pub fn parts(&self) -> &imp::Window {
        self.imp()
    }
}
